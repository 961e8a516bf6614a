/**
 * Skip link 'Aller au contenu': the first focusable element of every page, visually
 * hidden until it has the focus (styles in app/global.css), moving the focus to the page's main landmark.
 */

/** Id of the element the skip link targets: the `main` landmark of the shell and of the login page. */
export const MAIN_CONTENT_ID = 'contenu';

/**
 * The skip link. Activating it focuses `#contenu` (a `main` with `tabIndex={-1}`) without touching the
 * URL: a `#contenu` fragment would go through the router and stay in the address bar.
 */
export function SkipLink() {
  return (
    <a
      className="vigie-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const target = document.getElementById(MAIN_CONTENT_ID);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      Aller au contenu
    </a>
  );
}
