/**
 * Saves a file fetched through the API client (`apiBlob`) under a chosen name: a temporary object URL
 * and a click on a hidden `<a download>` (SPEC section 7: the supervision CSV export;:
 * the news import template).
 */

/** Makes the browser save `blob` as `filename`, then frees its object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
