/**
 * `DisabledReason`: a control the UI refuses to offer, disabled and saying why. The reason is the tooltip of a wrapper span (a disabled button
 * receives no pointer events, so it cannot open a tooltip itself) and the control's accessible description.
 */
import { Tooltip } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { VisuallyHidden } from '../VisuallyHidden';

/** Props given to the wrapped control: spread them on it. */
export interface DisabledProps {
  disabled?: boolean;
  'aria-describedby'?: string;
  style?: CSSProperties;
}

/** Props of `DisabledReason`. */
export interface DisabledReasonProps {
  /** Why the control is refused; none: the control renders as usual, enabled. */
  reason?: string;
  /** Renders the control with the props to spread on it. */
  children: (props: DisabledProps) => ReactNode;
}

/**
 * Renders `children(props)`: as is without a `reason`; with one, disabled (no pointer events, so the
 * wrapper gets the hover), described by the reason, inside a span (`data-testid="disabled-reason"`)
 * whose tooltip is the reason.
 */
export function DisabledReason({ reason, children }: DisabledReasonProps) {
  const id = useId();
  if (!reason) return <>{children({})}</>;
  return (
    <Tooltip title={reason}>
      <span data-testid="disabled-reason" style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        {children({ disabled: true, 'aria-describedby': id, style: { pointerEvents: 'none' } })}
        <VisuallyHidden id={id}>{reason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
