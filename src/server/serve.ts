// The `npm run serve` entry: the Tender server configured only by the environment (see the README, "Running the
// Tender server alone").
import { runServer } from './run';

await runServer(process.env);
