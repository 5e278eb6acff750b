import { describe, expect, it } from 'vitest';
import { pickAnswer } from './json';

/** Whether the proxy takes `text` for JSON: what pickAnswer decides without fields (an operation that names none). */
const isJson = (text: string): boolean => pickAnswer(text, undefined) !== undefined;

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A fixed-seed generator of whole numbers below n (xorshift), so that a failure reproduces. */
function seeded(start: number): (n: number) => number {
  let seed = start;
  return (n) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
}

const VALID = [
  '{}',
  '[]',
  '""',
  '0',
  '-0',
  '1',
  '-1.5e+10',
  '2E-3',
  '0.0',
  '1e5',
  'true',
  'false',
  'null',
  ' \t\r\n{} \n',
  '{"a":1}',
  '{"a":[1,2,{"b":null}],"c":"d"}',
  '[[[[[]]]]]',
  '{"":""}',
  '"\\u00e9\\n\\t\\\\\\"\\/\\b\\f\\r"',
  '"é€𝄞"',
  '"\ud800"',
  '{"status":true,"message":"Verification successful","data":{"status":"pending","amount":25,"fee":0.5,"tags":[]}}',
  '[1 , 2 ,3]',
  '{ "a" : 1 , "b" : 2 }',
  '{"A":"\\uABCDef"}',
];
const INVALID = [
  '',
  ' ',
  '{',
  '}',
  '[',
  ']',
  '{"a"}',
  '{"a":}',
  '{"a":1,}',
  '[1,]',
  '[,1]',
  '{,}',
  '{"a" 1}',
  '{a:1}',
  "{'a':1}",
  '"abc',
  'abc"',
  '01',
  '-',
  '+1',
  '1.',
  '.5',
  '1e',
  '1e+',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  'tru',
  'nul',
  'True',
  'undefined',
  '{}{}',
  '[] []',
  '1 2',
  '"a" "b"',
  '"\\x41"',
  '"\\u12"',
  '"\\u12G4"',
  '"a\nb"',
  '"\t"',
  '"\u0000"',
  '\u00a0{}',
  '{}\u2028',
  '<html>oops</html>',
  '[1]]',
  '[[1]',
  '{"a":[}',
  '{"a":1]',
  '[1}',
  '/* c */ {}',
  '{} // c',
  '"\\U0041"',
];

describe('pickAnswer as the JSON check (no fields)', () => {
  it.each(VALID)('accepts %j, as it came', (text) => {
    expect(parses(text)).toBe(true);
    expect(isJson(text)).toBe(true);
    expect(pickAnswer(text, undefined)).toBe(text);
  });

  it.each(INVALID)('refuses %j', (text) => {
    expect(parses(text)).toBe(false);
    expect(isJson(text)).toBe(false);
  });

  it('agrees with JSON.parse on many mutations of valid texts', () => {
    const rand = seeded(0x2545f491);
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      'u',
      '0',
      '1',
      '9',
      '-',
      '+',
      '.',
      'e',
      'E',
      ' ',
      '\n',
      't',
      'r',
      'n',
      'l',
      'a',
      'f',
      's',
      'A',
      '\u0001',
      'é',
    ];
    let agreed = 0;
    for (let round = 0; round < 50_000; round++) {
      let text = VALID[rand(VALID.length)] as string;
      for (let edits = 1 + rand(3); edits > 0; edits--) {
        const at = rand(text.length + 1);
        const kind = rand(3);
        const piece = pieces[rand(pieces.length)] as string;
        text =
          kind === 0
            ? text.slice(0, at) + piece + text.slice(at)
            : kind === 1
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + piece + text.slice(at + 1);
      }
      if (isJson(text) !== parses(text)) throw new Error(`isJson disagrees with JSON.parse on ${JSON.stringify(text)}`);
      agreed++;
    }
    expect(agreed).toBe(50_000);
  });

  it('takes deep nesting without running out of stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(isJson(deep)).toBe(true);
    expect(isJson(deep.slice(1))).toBe(false);
  });
});

describe('pickAnswer', () => {
  const FIELDS: ReadonlySet<string> = new Set(['status', 'amount']);

  it('gives the text as it came when there is nothing to leave out, byte for byte', () => {
    for (const text of [
      '{"status":true,"message":"ok","data":{"status":"pending","amount":5}}',
      ' {"status" : false , "message":"x"} ',
      '[1,2]',
      '"x"',
      'null',
    ])
      expect(pickAnswer(text, FIELDS)).toBe(text);
  });

  it("keeps only the envelope's members, and of an object's data only the fields asked for, in their order", () => {
    expect(pickAnswer('{"meta":{"e":"a@b.c"},"status":true,"data":{"email":"a@b.c","amount":5,"status":"x"},"message":"m"}', FIELDS)).toBe(
      '{"status":true,"data":{"amount":5,"status":"x"},"message":"m"}',
    );
    expect(pickAnswer('{"status":false,"code":"c","message":"m","data":"a@b.c"}', FIELDS)).toBe('{"status":false,"code":"c","message":"m"}');
    expect(pickAnswer('{"status":true,"data":null}', FIELDS)).toBe('{"status":true}');
  });

  it('agrees, on many mutations of answers, with picking from what JSON.parse builds', () => {
    const ENVELOPE = ['status', 'success', 'message', 'code', 'data'];
    const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    // What the check must come to: pick from the parsed answer whenever it has anything to leave out.
    const reference = (text: string): unknown => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return undefined;
      }
      if (!isRecord(parsed)) return parsed;
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(parsed)) {
        if (name === 'data') {
          if (isRecord(value)) out.data = Object.fromEntries(Object.entries(value).filter(([k]) => FIELDS.has(k)));
        } else if (ENVELOPE.includes(name)) out[name] = value;
      }
      return out;
    };
    const answers = [
      '{"status":true,"message":"ok","data":{"status":"pending","amount":5}}',
      '{"status":true,"message":"ok","data":{"status":"pending","amount":5,"email":"a@b.c"},"meta":{"ip":"1.2.3.4"}}',
      '{"success":false,"message":"no","code":"x","data":["a@b.c"]}',
      '{"status":true,"data":{"amount":{"total":5,"email":"nested is kept"}},"message":"ok"}',
      '{"st\\u0061tus":true,"d\\u0061ta":{"amount":1,"em\\u0061il":"e"}}',
      '{"data":null,"status":false}',
      '[{"data":{"email":"a"}}]',
    ];
    const rand = seeded(0x9e3779b9);
    const pieces = ['{', '}', '[', ']', ',', ':', '"', '"data":', '"email":1,', '"amount":', 'null', '1', ' '];
    for (let round = 0; round < 20_000; round++) {
      let text = answers[rand(answers.length)] as string;
      for (let edits = rand(3); edits > 0; edits--) {
        const at = rand(text.length + 1);
        const piece = pieces[rand(pieces.length)] as string;
        text = rand(2) ? text.slice(0, at) + piece + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const picked = pickAnswer(text, FIELDS);
      const want = reference(text);
      if ((picked === undefined) !== (want === undefined) || (picked !== undefined && JSON.stringify(JSON.parse(picked)) !== JSON.stringify(want)))
        throw new Error(`pickAnswer disagrees on ${JSON.stringify(text)}: ${picked} against ${JSON.stringify(want)}`);
    }
  });

  it('is undefined exactly where the text is not JSON', () => {
    for (const text of ['', '{', '{"a":1,}', "{'a':1}", 'NaN', '{"a":1}{']) expect(pickAnswer(text, FIELDS)).toBeUndefined();
  });
});
