import href from './later.css?url';

let applied: Promise<void> | undefined;

/**
 * Loads the stylesheet of the later screens (outcomes, USSD, transfer) once, beside their module. Vite would do
 * this itself for a CSS import in a lazy chunk, but only through its preload helper, which is ~0.7 KB gzip in the
 * first bundle. Resolves when the sheet applies, or failed, or after 1.5 s: a screen is never held back for long.
 */
export function laterCss(): Promise<void> {
  return (applied ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    setTimeout(resolve, 1500);
    document.head.append(link);
  }));
}
