import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate, type NavigateEnv } from './navigate';

const env = (inFrame: boolean, parentOk = true) => {
  const log: string[] = [];
  const e: NavigateEnv = {
    policy: { hosts: ['pay.example.com', '127.0.0.1:8082'], allowHttpLoopback: true },
    inFrame,
    askParent: (u) => (log.push(`parent ${u}`), parentOk),
    assign: (u) => void log.push(`assign ${u}`),
  };
  return { e, log };
};

describe('navigate', () => {
  it.each([
    ['javascript:alert(1)', /scheme javascript:/],
    ['//evil.example/x', /not an absolute URL/],
    ['https://evil.example/', /evil\.example is not among the hosts the Tender server allows \(TENDER_REDIRECT_HOSTS\)/],
    ['https://pay.example.com.evil.example/', /is not among the hosts the Tender server allows \(TENDER_REDIRECT_HOSTS\)/],
    ['https://user@pay.example.com/', /user name/],
    ['data:text/html,hi', /scheme data:/],
    ['', /no URL/],
    [undefined, /no URL/],
  ])('refuses %s with a clear reason and goes nowhere', (url, reason) => {
    const { e, log } = env(true);
    const r = navigate(url, e);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
    expect(log).toEqual([]);
  });

  it('asks the parent from a frame', () => {
    const { e, log } = env(true);
    expect(navigate('https://pay.example.com/s/1', e)).toEqual({ ok: true, via: 'parent' });
    expect(log).toEqual(['parent https://pay.example.com/s/1']);
  });

  it('assigns when top level, or when no trusted parent answers', () => {
    const top = env(false);
    expect(navigate('http://127.0.0.1:8082/w', top.e)).toEqual({ ok: true, via: 'location' });
    expect(top.log).toEqual(['assign http://127.0.0.1:8082/w']);
    const orphan = env(true, false);
    expect(navigate('https://pay.example.com/', orphan.e).ok).toBe(true);
    expect(orphan.log).toEqual(['parent https://pay.example.com/', 'assign https://pay.example.com/']);
  });

  /** The browser's connection, offline until `back()`: navigator.onLine and the window's `online` event. */
  const offline = () => {
    const online = { value: false };
    const window = new EventTarget();
    vi.stubGlobal('navigator', {
      get onLine() {
        return online.value;
      },
    });
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
    return {
      back() {
        online.value = true;
        window.dispatchEvent(new Event('online'));
      },
    };
  };
  afterEach(() => vi.unstubAllGlobals());

  it('offline, leaves once the connection is back, and only once', () => {
    const connection = offline();
    const { e, log } = env(true);
    expect(navigate('https://pay.example.com/s/1', e)).toEqual({ ok: true, via: 'online' });
    expect(log).toEqual([]);
    connection.back();
    connection.back();
    expect(log).toEqual(['parent https://pay.example.com/s/1']);
  });

  it('offline, still refuses an unsafe URL at once', () => {
    const connection = offline();
    const { e, log } = env(false);
    expect(navigate('https://evil.example/', e).ok).toBe(false);
    connection.back();
    expect(log).toEqual([]);
  });
});
