/** Vigie brand logo as an inline SVG (sign-in page and sidebar). */

/** Props of `BrandMark`. */
export interface BrandMarkProps {
  /** Square size in pixels. */
  size?: number;
}

/** The Vigie logo (a 'V' on a blue rounded square). */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <path d="M8 9l8 15 8-15" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
