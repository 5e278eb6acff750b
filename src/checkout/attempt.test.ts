import { describe, expect, it } from 'vitest';
import { type Attempt, type AttemptEvent, isUnderway, next, OPEN_AFTER_MS } from './attempt';

const key = { channel: 'card', id: 'a-1', seq: 1 } as const;
const T = 1_000;
const idle: Attempt = { kind: 'idle' };
const between: Attempt = { kind: 'idle', key };
const submitting: Attempt = { kind: 'submitting', key, back: 'idle' };
const secret: Attempt = { kind: 'awaiting-secret', key };
const instructions: Attempt = {
  kind: 'watching',
  key: { ...key, channel: 'ussd' },
  reason: 'instructions',
  instructions: { code: '*1#' },
  since: T,
  answered: false,
  phase: 'checking',
};
const returned: Attempt = { kind: 'watching', key, reason: 'returned', since: T, answered: false, phase: 'checking' };
const unknown: Attempt = { kind: 'unknown', key, since: T, answered: false, phase: 'checking' };
const settled: Attempt = { kind: 'settled', status: 'failed', reason: 'Declined' };

describe('the attempt machine', () => {
  it.each<[string, Attempt, AttemptEvent, Partial<Attempt> | 'same']>([
    // A completion call starts from the form, with the attempt's key; never twice, never while verifying.
    ['idle + submit', idle, { type: 'submit', channel: 'card', newId: 'n' }, { kind: 'submitting', key: { channel: 'card', id: 'n', seq: 1 }, back: 'idle' }],
    [
      'between steps + submit: same attempt, next key',
      between,
      { type: 'submit', channel: 'card', newId: 'n' },
      { kind: 'submitting', key: { ...key, seq: 2 } },
    ],
    [
      'between steps + submit on another channel: a new attempt',
      between,
      { type: 'submit', channel: 'ussd', newId: 'n' },
      { kind: 'submitting', key: { channel: 'ussd', id: 'n', seq: 1 } },
    ],
    [
      'a secret step + submit comes back to it on refusal',
      secret,
      { type: 'submit', channel: 'card', newId: 'n' },
      { kind: 'submitting', key: { ...key, seq: 2 }, back: 'awaiting-secret' },
    ],
    ['submitting + submit: refused', submitting, { type: 'submit', channel: 'card', newId: 'n' }, 'same'],
    ['unknown + submit: refused (it may be paid)', unknown, { type: 'submit', channel: 'card', newId: 'n' }, 'same'],
    ['returned + submit: refused', returned, { type: 'submit', channel: 'card', newId: 'n' }, 'same'],
    [
      'instructions + submit on another channel: the payer moved on',
      instructions,
      { type: 'submit', channel: 'card', newId: 'n' },
      { kind: 'submitting', key: { channel: 'card', id: 'n', seq: 1 } },
    ],
    // Answers.
    ['answered: between steps', submitting, { type: 'answered' }, between],
    ['rejected: back to the form', submitting, { type: 'rejected' }, between],
    ['rejected at a secret step: back to the step', { kind: 'submitting', key, back: 'awaiting-secret' }, { type: 'rejected' }, secret],
    ['unknown outcome: verify, locked', submitting, { type: 'unknown', now: T }, unknown],
    ['answers only apply to a call in flight', idle, { type: 'answered' }, 'same'],
    // The channel's next step.
    ['await-secret', between, { type: 'await-secret' }, secret],
    [
      'watch: instructions kept with the attempt',
      between,
      { type: 'watch', instructions: { code: '*1#' }, now: T },
      { kind: 'watching', reason: 'instructions', instructions: { code: '*1#' } },
    ],
    [
      'confirm from instructions ("I have sent the money")',
      instructions,
      { type: 'confirm', channel: 'ussd', newId: 'n', now: T },
      // The instructions stay with it: the payer may need them again.
      { kind: 'watching', reason: 'confirming', instructions: { code: '*1#' } },
    ],
    [
      'review: back to the instructions from confirming',
      { ...instructions, reason: 'confirming' },
      { type: 'review' },
      { kind: 'watching', reason: 'instructions', instructions: { code: '*1#' }, phase: 'checking' },
    ],
    ['review without instructions (a card confirming): nothing', { ...returned, reason: 'confirming' }, { type: 'review' }, 'same'],
    ['review once the poller gave up: nothing (check again instead)', { ...instructions, reason: 'confirming', phase: 'gave-up' }, { type: 'review' }, 'same'],
    ['redirect', between, { type: 'redirect', channel: 'card', newId: 'n' }, { kind: 'redirecting', key }],
    [
      'redirect without an attempt (the hosted page): a new one',
      idle,
      { type: 'redirect', channel: 'hosted-page', newId: 'n' },
      { kind: 'redirecting', key: { channel: 'hosted-page', id: 'n', seq: 0 } },
    ],
    ['fail', between, { type: 'fail', reason: 'Declined' }, settled],
    ['abandon from instructions', instructions, { type: 'abandon' }, idle],
    ['abandon is refused while the outcome is unknown', unknown, { type: 'abandon' }, 'same'],
    // Verify.
    [
      'a final answer settles anything',
      returned,
      { type: 'verified', status: 'successful', channel: 'card', now: T },
      { kind: 'settled', status: 'successful', channel: 'card' },
    ],
    ['another final answer after settling changes nothing', settled, { type: 'verified', status: 'cancelled', now: T }, 'same'],
    ['nor does a failure after a success', { kind: 'settled', status: 'successful' }, { type: 'verified', status: 'failed', now: T }, 'same'],
    // The reference paid another way (another tab): a success found after a failure here stands.
    ['a success after a failure here stands', settled, { type: 'verified', status: 'successful', now: T }, { kind: 'settled', status: 'successful' }],
    ['pending after a return: the way out at once', returned, { type: 'verified', status: 'pending', now: T }, { phase: 'open', answered: true, checked: T }],
    [
      'a pending answer on the way out dates the check',
      { ...returned, phase: 'open', answered: true, checked: T },
      { type: 'verified', status: 'pending', now: T + 5 },
      { phase: 'open', checked: T + 5 },
    ],
    [
      // Offline, "Last checked at" kept moving while nothing was checked (return-flow trial).
      'a round that could not reach verify is no check: the time of the last one stays',
      { ...unknown, checked: T + 1 },
      { type: 'verify-failed', now: T + 7 },
      { phase: 'checking', answered: false, checked: T + 1 },
    ],
    [
      'pending after an unknown outcome: still checking before 30 s',
      unknown,
      { type: 'verified', status: 'pending', now: T + OPEN_AFTER_MS - 1 },
      { phase: 'checking', answered: true },
    ],
    [
      'pending after an unknown outcome: the way out after 30 s',
      unknown,
      { type: 'verified', status: 'pending', now: T + OPEN_AFTER_MS },
      { phase: 'open', answered: true },
    ],
    [
      'unreachable verify after a return: the way out after 30 s, unanswered',
      returned,
      { type: 'verify-failed', now: T + OPEN_AFTER_MS },
      { phase: 'open', answered: false },
    ],
    [
      'pending while instructions show: stays on them',
      instructions,
      { type: 'verified', status: 'pending', now: T + 60_000 },
      { phase: 'checking', answered: true },
    ],
    ['the poller gives up on instructions never said followed: the way out', instructions, { type: 'gave-up' }, { phase: 'open', reason: 'returned' }],
    ['the poller gives up after "I have paid": still confirming', { ...instructions, reason: 'confirming' }, { type: 'gave-up' }, { phase: 'gave-up' }],
    ['the poller gives up on a redirect that never left: the way out', { ...returned, stayed: true }, { type: 'gave-up' }, { phase: 'open' }],
    [
      'a redirect the top window did not make: watched as a return, the payer there all along',
      { kind: 'redirecting', key },
      { type: 'stalled', now: T, stayed: true },
      { kind: 'watching', reason: 'returned', phase: 'checking', answered: false, stayed: true },
    ],
    [
      'back from the back/forward cache: a return',
      { kind: 'redirecting', key },
      { type: 'stalled', now: T, stayed: false },
      { kind: 'watching', reason: 'returned' },
    ],
    ['a stall after the attempt moved on: nothing', returned, { type: 'stalled', now: T, stayed: true }, 'same'],
    ['the poller gives up on an open way out: it stays open', { ...returned, phase: 'open', answered: true }, { type: 'gave-up' }, 'same'],
    ['check again after instructions: confirming', { ...instructions, phase: 'gave-up' }, { type: 'check-again' }, { phase: 'checking', reason: 'confirming' }],
    [
      'check again on the way out: it stays, checking',
      { ...returned, phase: 'open', answered: true },
      { type: 'check-again' },
      { phase: 'checking', reason: 'returned', again: true },
    ],
    // Try another way: from a failure, or from the way out once verify answered; never before any answer.
    ['try another way after a failure', settled, { type: 'try-another-way' }, idle],
    ['try another way after success: no', { kind: 'settled', status: 'successful' }, { type: 'try-another-way' }, 'same'],
    ['try another way on the answered way out', { ...returned, phase: 'open', answered: true }, { type: 'try-another-way' }, idle],
    ['try another way before any answer: no', { ...unknown, phase: 'open', answered: false }, { type: 'try-another-way' }, 'same'],
    // Start-up: the attempt the payer came back to.
    ['resume after a redirect', idle, { type: 'resume', key, reason: 'returned', now: T }, returned],
    ['resume an unknown outcome', idle, { type: 'resume', key, reason: 'unknown', now: T }, unknown],
  ])('%s', (_, from, event, to) => {
    const after = next(from, event);
    if (to === 'same') expect(after).toBe(from);
    else expect(after).toMatchObject(to);
  });

  it('checking again on the way out ends with the next answer; from "still confirming" it is not the way out', () => {
    const checking = next({ ...returned, phase: 'open', answered: true }, { type: 'check-again' });
    const reopened = next(checking, { type: 'verified', status: 'pending', now: T + 5000 });
    expect(reopened).toMatchObject({ phase: 'open', checked: T + 5000 });
    expect('again' in reopened).toBe(false);
    expect('again' in next({ ...returned, phase: 'gave-up', again: true }, { type: 'check-again' })).toBe(false);
  });

  it('says which states may still be paid at the API (closing reports them as pending)', () => {
    const stayed: Attempt = { ...returned, stayed: true };
    expect(
      [idle, between, submitting, secret, instructions, returned, unknown, settled, { kind: 'redirecting', key } as Attempt, stayed].map(isUnderway),
    ).toEqual([false, false, false, false, true, true, true, false, true, false]);
  });
});
