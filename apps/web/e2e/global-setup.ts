import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server serves the built app; without a build every page would be the server's 404. */
export default function globalSetup() {
  const index = fileURLToPath(new URL('../dist/index.html', import.meta.url));
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: run \`npm run build -w @svp/web\` before the e2e tests.`);
  }
}
