import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, parseChildMessage, parseParentMessage } from '../protocol/messages';
import { BRIDGE_PROTOCOL_VERSION, type BridgeWindow, createBridge, trustedParentOrigin } from './bridge';
import { onParentMessage } from './bridgeListen';
import { unhandledRejectionsOf } from '../../test/support/unhandled';

function fakeWindow() {
  const posted: [unknown, string][] = [];
  const handlers = new Set<(e: MessageEvent) => void>();
  const parent = { postMessage: (m: unknown, o: string) => void posted.push([m, o]) };
  const win: BridgeWindow = { parent, addEventListener: (_t, fn) => void handlers.add(fn), removeEventListener: (_t, fn) => void handlers.delete(fn) };
  const dispatch = (data: unknown, origin: string, source: unknown) => handlers.forEach((h) => h({ data, origin, source } as MessageEvent));
  return { win, parent, posted, dispatch, handlers };
}

describe('trustedParentOrigin', () => {
  const allowed = ['https://shop.example', 'http://localhost:8080'];
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://shop.example/', undefined],
    ['https://SHOP.example', undefined],
    ['https://evil.example', undefined],
    ['https://shop.example.evil.example', undefined],
    ['null', undefined],
    ['*', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (param, out) => expect(trustedParentOrigin(param, allowed)).toBe(out));
});

describe('createBridge', () => {
  it('speaks the protocol version of protocol/messages.ts', () => expect(BRIDGE_PROTOCOL_VERSION).toBe(PROTOCOL_VERSION));

  it('posts versioned messages to the explicit origin only', () => {
    const w = fakeWindow();
    const b = createBridge(w.win, 'https://shop.example', true);
    expect(b.send({ type: 'ready', reference: 'R' })).toBe(true);
    expect(w.posted).toEqual([[{ type: 'ready', reference: 'R', v: 1 }, 'https://shop.example']]);
  });

  it("cuts a title to the 200 characters the protocol carries, so that the loader takes the message (a merchant's long page.title)", () => {
    const w = fakeWindow();
    const b = createBridge(w.win, 'https://shop.example', true);
    b.send({ type: 'ready', reference: 'R', title: 'T'.repeat(202) });
    b.send({ type: 'ready', reference: 'R', title: 'Checkout' });
    const [long, short] = w.posted.map(([m]) => m as { title: string });
    expect(long!.title).toBe('T'.repeat(200));
    expect(short!.title).toBe('Checkout');
    expect(parseChildMessage(long)).toBeDefined();
  });

  it('sends nothing without a trusted origin or when not framed', () => {
    const a = fakeWindow();
    expect(createBridge(a.win, undefined, true).send({ type: 'ready', reference: 'R' })).toBe(false);
    const b = fakeWindow();
    expect(createBridge(b.win, 'https://shop.example', false).send({ type: 'ready', reference: 'R' })).toBe(false);
    expect([...a.posted, ...b.posted]).toEqual([]);
  });

  it('accepts a message only from the exact origin and the parent window, in the versioned schema', async () => {
    const w = fakeWindow();
    const got: unknown[] = [];
    const off = onParentMessage(createBridge(w.win, 'https://shop.example', true), w.win, (m) => got.push(m), parseParentMessage);
    w.dispatch({ v: 1, type: 'shown' }, 'https://evil.example', w.parent);
    w.dispatch({ v: 1, type: 'shown' }, 'https://shop.example', {});
    w.dispatch({ v: 2, type: 'shown' }, 'https://shop.example', w.parent);
    w.dispatch({ type: 'shown' }, 'https://shop.example', w.parent);
    w.dispatch('shown', 'https://shop.example', w.parent);
    await Promise.resolve();
    expect(got).toEqual([]);
    w.dispatch({ v: 1, type: 'shown' }, 'https://shop.example', w.parent);
    await Promise.resolve();
    expect(got).toEqual([{ v: 1, type: 'shown' }]);
    off();
    expect(w.handlers.size).toBe(0);
  });

  it('drops a message whose parser did not load (offline), with no unhandled rejection, and reads the next', async () => {
    const w = fakeWindow();
    const got: unknown[] = [];
    let loads = 0;
    const parse = (data: unknown) => (++loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : parseParentMessage(data));
    onParentMessage(createBridge(w.win, 'https://shop.example', true), w.win, (m) => got.push(m), parse);
    const unhandled = await unhandledRejectionsOf(async () => w.dispatch({ v: 1, type: 'shown' }, 'https://shop.example', w.parent));
    expect([got, unhandled]).toEqual([[], []]);
    w.dispatch({ v: 1, type: 'shown' }, 'https://shop.example', w.parent);
    await Promise.resolve();
    expect(got).toEqual([{ v: 1, type: 'shown' }]);
  });

  it('listens to nothing without a trusted parent', () => {
    const w = fakeWindow();
    onParentMessage(createBridge(w.win, undefined, true), w.win, () => undefined);
    expect(w.handlers.size).toBe(0);
  });
});
