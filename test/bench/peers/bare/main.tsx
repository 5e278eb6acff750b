// The reference point of issue 5: what a four-field card form costs with Tender's own stack (Preact,
// signals, valibot) and nothing else — no tabs, no API, no i18n. Tender should come close to it.
import { render } from 'preact';
import { signal, computed } from '@preact/signals';
import * as v from 'valibot';

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits.charAt(digits.length - 1 - i));
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

const CardSchema = v.object({
  number: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/\s/g, '')),
    v.regex(/^\d{12,19}$/, 'Enter the card number'),
    v.check(luhn, 'Check the card number'),
  ),
  expiry: v.pipe(v.string(), v.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY')),
  cvc: v.pipe(v.string(), v.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code')),
  name: v.pipe(v.string(), v.minLength(1, 'Enter the name on the card')),
});

const fields = { number: signal(''), expiry: signal(''), cvc: signal(''), name: signal('') };
const submitted = signal(false);
const result = computed(() =>
  v.safeParse(CardSchema, { number: fields.number.value, expiry: fields.expiry.value, cvc: fields.cvc.value, name: fields.name.value }),
);
const errorOf = (key: keyof typeof fields) =>
  submitted.value && !result.value.success ? v.flatten<typeof CardSchema>(result.value.issues).nested?.[key]?.[0] : undefined;

function Field(props: { id: keyof typeof fields; label: string; autocomplete: string; inputMode?: 'numeric' | 'text' }) {
  const err = errorOf(props.id);
  return (
    <div class="f">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        autocomplete={props.autocomplete}
        inputMode={props.inputMode}
        aria-invalid={err ? 'true' : undefined}
        aria-describedby={err ? `${props.id}-e` : undefined}
        value={fields[props.id]}
        onInput={(e) => (fields[props.id].value = e.currentTarget.value)}
      />
      {err && (
        <p id={`${props.id}-e`} class="e">
          {err}
        </p>
      )}
    </div>
  );
}

function Form() {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submitted.value = true;
      }}
    >
      <Field id="number" label="Card number" autocomplete="cc-number" inputMode="numeric" />
      <Field id="expiry" label="Expiry (MM/YY)" autocomplete="cc-exp" inputMode="numeric" />
      <Field id="cvc" label="Security code" autocomplete="cc-csc" inputMode="numeric" />
      <Field id="name" label="Name on card" autocomplete="cc-name" />
      <button type="submit">Pay</button>
    </form>
  );
}

render(<Form />, document.getElementById('app')!);
