/** `ButtonLink`: an antd Button rendered as a real `<a href>` that navigates client-side with React Router. */
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** Props of `ButtonLink`: antd Button props plus the in-app path `to`. */
export interface ButtonLinkProps extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: string;
}

/**
 * An in-app link that looks like an antd Button (an `<a href>`, so it is a link for assistive
 * tech and tests), navigating client-side; modified clicks (new tab...) keep the browser default.
 */
export function ButtonLink({ to, ...buttonProps }: ButtonLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...buttonProps} href={to} onClick={onClick} />;
}
