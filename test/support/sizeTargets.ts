// The byte budgets (docs/ARCHITECTURE.md, budgets) and the targets the size tests hold, about 150 B and 1 KB under
// them so that a feature does not start with a hunt for bytes; and what of an HTML document counts as code. One
// place: the size tests and the bench read them.

/** dist/tender.js, gzip: the budget. */
export const LOADER_BUDGET = 2560;
/**
 * dist/tender.js, gzip: the target the tests hold. 2,400 until the check of a frame that loaded without `ready` needed
 * 10 B past it; 2,410 until a preloaded page that failed unseen began to start afresh on open (6 B); 2,420 until the
 * loader kept the payer's chosen language for the storefront's next checkout (72 B, read off the payer's path); 2,490
 * until a checkout opened before tender.js's own read (the order page a wallet returns to) read it too (13 B); 2,503
 * until the frame took the page's title, in the payer's language, as its name (20 B); 2,524 until an offline device's
 * page loaded again when the connection came back, rather than fail and close the checkout (31 B); 2,554 until the
 * frame's style was made !important against a storefront's `iframe { display: none !important }` (24 B), 19 B of it
 * found by moving the words of a refused redirect into the deferred half; 2,559 until the modal's frame was pinned by
 * top and left rather than `inset`, which Safari before 14.5 lacks: there the checkout opened off-screen under a
 * locked page (5 B). The target is the budget now: the next feature of tender.js finds its bytes in tender.js, or in
 * its deferred half.
 */
export const LOADER_TARGET = 2560;
/** The hosted page's first load (JS + CSS), gzip: the budget. */
export const PAGE_BUDGET = 16384;
/**
 * The hosted page's first load (JS + CSS), gzip: the target the tests hold. 15,300 until the card form kept the caret
 * where the payer types (about 115 B), busy buttons were greyed for contrast (18 B) and side-by-side fields shared
 * their rows (27 B); 15,470 until the page named the storefront's frame with its title (9 B) and told the integrator
 * what of a theme it cannot use (6 B); 15,480 until a transfer account could be shown again from "Confirming"
 * (12 B, in the model that draws the screens); 15,495 until the card form read an expiry as payers and autofill
 * write it ("1/28", "12/2028") and stopped judging a 19-digit number at lengths its brand does not issue (83 B, in
 * the formatting that runs on every keystroke), and the modal got an edge in forced colours (7 B); 15,600 until
 * the page took a merchant's wording only in a frame, never from a link (the inline part measured 7 B more too);
 * 15,615 until the page recovered from a drop as it starts: the start kept until the session loads, loaded again
 * until it does, and a part that failed offline loaded again when the connection comes back (51 B); 15,670 until
 * Pay said "Processing…" the moment it is pressed, before the flow behind it has come (35 B), and the session's
 * retries backed off (4 B); 15,715 until a modal's first field took focus as the loader focused its frame, not a slow
 * line's round trip or two later with the parser of its `shown` (27 B); 15,742 until a lazy chunk's change moved the
 * hashes in the names the entry imports it by (3 B: the entry's gzip moves with them); 15,745 until the card channel
 * said it sends the payer away at times, so a frame without storage back from 3-D Secure watches, not asks again (4 B);
 * 15,749 until the later screens' stylesheet was named beside the script rather than beside the page, which a
 * framework may serve without its trailing slash (20 B); 15,769 until three fixes for screen-reader users of the card
 * form: its errors said with their field rather than as live regions that spoke at each key and twice on Pay, and kept
 * quiet while a field is typed into again; the dialog named by whom the payer pays and described by the amount; and
 * "Processing…" said in a status, with the visually hidden style it needs moved into the first load (120 B in all,
 * 47 of them that style in the inline sheet); 15,889 until "Check again" kept its screen and the payer's focus while it
 * checks (7 B in the model), the rest the lazy chunks' new hashes in the names the entry imports them by (14 B);
 * 15,903 until "Processing…" was said only while the payment call is out, not for a press the form's checks stop (5 B);
 * 15,908 until amounts in another currency said which (US$, CA$) and showed the currency's own decimal places, and the
 * lazy chunks' new hashes (6 B); 15,914 until a redirect the loader could not make turned into a watched return, and
 * the field being typed into was kept in view when a phone turns (the session chunk's new hashes in the entry, 1 B
 * each); 15,916 until the payer's "Check again" while the payment API fails said that it tried and got no answer
 * (the attempt keeps its last round without one, in the entry: 8 B with the lazy chunks' new hashes); 15,920 until
 * a USSD code, a transfer account and "Confirming" said when their checks had gone unanswered for a while (the
 * channels' context hands them the attempt's checks, and the lazy chunks' new hashes: 7 B); 15,927 until the page took
 * the payer's own text size rather than a fixed 16 px, and a long amount, shop name or button label wrapped in large
 * text or zoom rather than run off a narrow phone (28 B: 29 B more in the first screen's inline sheet); 15,955 until Pay
 * pressed before the takeover (it said "Getting ready…") went through once the page took over, rather than be lost
 * (44 B, in the entry's takeover); 15,999 until a long amount in large text wrapped after a group separator rather
 * than inside a group, where "₦1,234,5" and "67.50" read as two numbers (23 B, in the header); 16,022 until the
 * page's column grew with the payer's text size (30 rem, not 480 px) on a wide screen (6 B with the new hashes);
 * 16,028 until an inline checkout stopped taking focus (and scrolling the storefront to it) as it loaded, and lost
 * the Close that left a hole in the storefront's page (9 B, in the entry and the header); 16,037 until a preloaded
 * page said its outcome again when it was shown, for the open's callbacks rather than the preload's (14 B, in the
 * session and the entry's one listener for `shown`); 16,051 until an amount with more decimal places than its
 * currency has was shown with all of them, as charged and as Copy gives it, not rounded (6 B, one Intl option); 16,057
 * until the page stopped reporting the theme of a link, which the server no longer draws (1 B); 16,058 until a part
 * of the page that could not load offline said that it will once the connection is back, rather than "could not be
 * loaded" with a Try again, over a card charge answered as the connection went (24 B, in the lazy part's fallback);
 * 16,082 until Pay pressed offline before the card flow had loaded said that nothing was charged (8 B); 16,090 until a
 * lost USSD code's new try waited for the connection to come back (1 B); 16,091 until a reload during a USSD code or
 * a transfer account started on "confirming", not a card form that could be paid beside it (10 B, in the model), and a
 * payment pending on a wallet or the hosted payment page too (15 B); 16,116 until a long error reached onError cut to
 * what the message protocol carries rather than dropped by the loader (1 B); 16,117 until a tab that declined learnt
 * when another tab paid the reference, rather than offer Pay again and tell the shop it failed (2 B); 16,119 until
 * the page cut a title it sends the loader to what the protocol carries, as a merchant's long page.title made the
 * loader drop `ready` (1 B); 16,120 until a reload during a USSD or transfer payment whose instructions the server lost
 * in a restart (memory store) started on "confirming" too, not a form that could be paid beside it (20 B, in the model, and 1 B as the session's chunk took a new name); 16,141
 * until another tab beside a USSD code or a transfer account shown asked first, as the payer may have paid by it
 * already (21 B, in the model and the entry's dialog); 16,162 until those confirmations drew Stay as the action rather
 * than going (1 B, the class moved between the two buttons); 16,163 until a call out for 8 s said that it still was,
 * and that the payer need not press again or close (92 B: the note's component, drawn by the first screen's App, and
 * the later catalog's handle; its words come with that catalog. Loaded lazily instead it cost 72 B, for a chunk that
 * must arrive over the slow connection the note is for); 16,255 until another tab after leaving a code or an account
 * asked nothing more, where leaving the tab that shows them still does (10 B, in the model); 16,265 until the modal
 * went full screen on a phone held sideways too, a click beside it closed it only when nothing had been typed, and
 * the expiry kept to its half of the row in large text (51 B: 37 in the chrome's script, 14 in the inline style);
 * 16,316 until the card state kept a code step's bank words as words, quoted by the step (2 B); 16,318 until the
 * modal's check for typed input named the one input type it leaves out, not two by a pattern (-13 B); 16,305 until
 * a messages key was read by its language with the locale's own function (-10 B here, with the changes beside it);
 * 16,295 until the wording commits (countdowns that say the time is what remains, Pidgin's names) moved lazy chunks'
 * names in the entry (-3 B); 16,292 until a lazy chunk's new name did the same (+2 B); 16,294 until the modal noted
 * any input from inside it, so that typing seen on another tab too keeps a click beside it from closing (+1 B);
 * 16,295 until the "still working" note was drawn above the button pressed, by the card form on the first screen (and
 * each later view for its own button), not by App under the panel (+9 B).
 */
export const PAGE_TARGET = 16304;

/**
 * Inline `<script>` and `<style>` contents of an HTML document (not its markup), as one pseudo-file: first-load
 * code as much as the files the document names. JSON data blocks and scripts with a `src` are not counted here.
 */
export function inlineCode(html: string): string {
  let code = '';
  for (const m of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
    if (m[1]!.toLowerCase() === 'script' && (/\ssrc\s*=/i.test(m[2]!) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(m[2]!))) continue;
    code += m[3];
  }
  return code;
}
