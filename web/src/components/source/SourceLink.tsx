/**
 * The source of a fact a feed wrote (CONVENTIONS.md section 7: each feed-written row keeps a reference to its
 * source, and the screens link to it), drawn under an update-log description: « Source : BODACC A n°20210005
 * du 08/01/2021, avis n°1 » opening the notice on bodacc.fr in a new tab, or « Source : Fichier INSEE …, ligne
 * 12 » opening the supervision table of that file in the back-office. Plain elements, no hook: it is drawn
 * once per row of 200-row tables.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import type { LogSource } from '../../api/types';

const STYLE: CSSProperties = { display: 'block', fontSize: 12, color: 'rgba(0, 0, 0, 0.55)', marginTop: 2 };

/** Props of `SourceLink`. */
export interface SourceLinkProps {
  source: LogSource;
}

/**
 * `Source : <label>`, the label a link when the source has a page: an outside page (absolute URL) in a new tab,
 * a page of the back-office (a path) in place (`data-testid="log-source"`).
 */
export function SourceLink({ source }: SourceLinkProps) {
  const { label, url } = source;
  let target: ReactNode = label;
  if (url?.startsWith('/')) target = <Link to={url}>{label}</Link>;
  else if (url && /^https?:\/\//.test(url))
    target = (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  return (
    <span style={STYLE} data-testid="log-source">
      Source&nbsp;: {target}
    </span>
  );
}
