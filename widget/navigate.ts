// The one place that moves the payer's top window, replaceable in tests (happy-dom cannot leave the page).

/** Moves the top window to `url` (already checked); falls back to this window when the top is out of reach. */
export let navigateTop = (url: string): void => {
  try {
    // Assigning href is allowed on a cross-origin top (assign() is not) when the storefront is itself framed.
    (top as Window).location.href = url;
  } catch {
    location.href = url;
  }
};

/** Tests only: replaces the navigation. */
export function setNavigateTop(fn: (url: string) => void): void {
  navigateTop = fn;
}
