// The loader's question to its server, apart from the states so that tests can stand in for the network here.

/**
 * Asks the Tender server whether this storefront may frame its page: `false` only when it said no. A module import,
 * not fetch(): a storefront's CSP lets scripts come from the Tender server (tender.js did), while its connect-src
 * often names only its own origin.
 */
export async function originAllowed(server: string): Promise<boolean | undefined> {
  try {
    // The browser sends the storefront's Origin with a module request; the server answers for that origin only.
    const m = (await import(/* @vite-ignore */ `${server}embed-check.js`)) as { allowed?: unknown };
    return typeof m.allowed == 'boolean' ? m.allowed : undefined;
  } catch {
    // An older server, a network error: no diagnosis, the load timeout still tells.
    return undefined;
  }
}
