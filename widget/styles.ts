// The modal's styles go in through a constructed stylesheet (CSSOM), which a storefront's CSP does not
// govern, so no `style-src 'unsafe-inline'` is needed. Browsers without one get a <style> element.
// Terse on purpose: every byte here is a byte of the 2.5 KB loader. Until the page is ready (.tender-w)
// the dialog shows our close button and the status line; then the page, with its own close button, alone.
const CSS =
  '.tender-o{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:#0f172a99}' +
  '.tender-off{visibility:hidden}' +
  '.tender-d{position:relative;width:100%;max-width:480px;max-height:calc(100% - 32px);overflow:auto;background:#fff;color:#0f172a;border-radius:12px;font:16px system-ui,sans-serif;text-align:center}' +
  '.tender-d button{min-width:44px;min-height:44px;margin:0 0 24px;border:0;border-radius:8px;font:inherit;background:#1d4ed8;color:#fff}' +
  '.tender-d .tender-x{display:block;margin:4px 4px 0 auto;font-size:24px;background:none;color:inherit}' +
  '.tender-f{display:block;width:100%;height:560px;border:0}' +
  '.tender-w .tender-f{position:absolute;visibility:hidden}' +
  '.tender-d:not(.tender-w)>:is(p,button){display:none}' +
  '@media(max-width:520px){.tender-d{max-width:none;max-height:none;height:100%;border-radius:0}.tender-f{height:100%!important}}';

let done = false;

/** Adds the loader's styles to the storefront page, once. */
export function injectStyles(): void {
  if (done) return;
  done = true;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    document.head.appendChild(document.createElement('style')).textContent = CSS;
  }
}
