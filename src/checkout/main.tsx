import { render } from 'preact';
import { signal } from '@preact/signals';
const n = signal(0);
render(<button onClick={() => n.value++}>Pay {n}</button>, document.getElementById('app')!);
