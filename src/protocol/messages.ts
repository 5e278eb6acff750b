import * as v from 'valibot';
import { TRANSACTION_STATUSES } from '../api/status';

/** Version of the loader ↔ hosted page message protocol. */
export const PROTOCOL_VERSION = 1;

/** Outcome statuses the hosted page reports to the loader (a subset of verify's, already normalised). */
const OutcomeStatusSchema = v.picklist(TRANSACTION_STATUSES);

const Ref = v.pipe(v.string(), v.maxLength(128));
const base = { v: v.literal(PROTOCOL_VERSION) };
/**
 * Any message of the page may carry its `<title>`, in the language it now speaks: the loader names its iframe with
 * it, which is what a screen reader says of the frame (the page sends it when ready and on a switch of language).
 */
const child = { ...base, title: v.optional(v.pipe(v.string(), v.maxLength(200))) };

/** Messages the hosted page posts to the loader. Payloads carry status and reference only: never card data. */
const ChildMessageSchema = v.variant('type', [
  /** The hosted page has painted and listens. */
  v.object({ ...child, type: v.literal('ready'), reference: Ref }),
  /** The page's content height in CSS pixels, so the iframe can follow it. */
  v.object({ ...child, type: v.literal('resize'), height: v.pipe(v.number(), v.minValue(0), v.maxValue(100_000)) }),
  v.object({ ...child, type: v.literal('success'), reference: Ref, status: v.literal('successful') }),
  v.object({ ...child, type: v.literal('pending'), reference: Ref, status: v.literal('pending') }),
  v.object({ ...child, type: v.literal('failure'), reference: Ref, status: OutcomeStatusSchema }),
  /** The payer asked to close from inside the page; `status` is the last known one. */
  v.object({ ...child, type: v.literal('close'), reference: Ref, status: v.optional(OutcomeStatusSchema) }),
  /** An integrator or start-up error (bad reference, unreachable server). */
  v.object({ ...child, type: v.literal('error'), code: v.pipe(v.string(), v.maxLength(64)), message: v.pipe(v.string(), v.maxLength(500)) }),
  /** Ask the loader to move the top window (wallet cashier, 3-D Secure, hosted payment page). */
  v.object({ ...child, type: v.literal('navigate'), url: v.pipe(v.string(), v.maxLength(4096)) }),
  /** Progress for `onEvent` and close confirmation: whether an attempt is in flight, and which channel is shown. */
  v.object({
    ...child,
    type: v.literal('progress'),
    reference: Ref,
    inProgress: v.boolean(),
    channel: v.optional(v.pipe(v.string(), v.maxLength(32))),
  }),
  /**
   * The payer chose this language in the page: the loader opens the next checkout of the storefront's session in it,
   * where the browser keeps no storage for the page's frame (third-party storage blocked).
   */
  v.object({ ...child, type: v.literal('locale'), reference: Ref, locale: v.pipe(v.string(), v.maxLength(8)) }),
]);
/** A message from the hosted page to the loader. */
export type ChildMessage = v.InferOutput<typeof ChildMessageSchema>;

/** Messages the loader posts to the hosted page. */
const ParentMessageSchema = v.variant('type', [
  /** The (pre-loaded) iframe became visible to the payer: focus the first field. */
  v.object({ ...base, type: v.literal('shown') }),
]);
/** A message from the loader to the hosted page. */
export type ParentMessage = v.InferOutput<typeof ParentMessageSchema>;

/** Parses a child message; anything else (other versions, other shapes) is undefined. */
export function parseChildMessage(data: unknown): ChildMessage | undefined {
  const r = v.safeParse(ChildMessageSchema, data);
  return r.success ? r.output : undefined;
}

/** Parses a parent message; anything else is undefined. */
export function parseParentMessage(data: unknown): ParentMessage | undefined {
  const r = v.safeParse(ParentMessageSchema, data);
  return r.success ? r.output : undefined;
}
