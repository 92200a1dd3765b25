import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';

/** `npm run db:migrate`: apply pending migrations and exit. */
const config = loadConfig();
const database = await connectDatabase(config, (line) => {
  if (/applied/.test(line)) console.log(line);
});
console.log(`migrations up to date (${database.embedded ? 'embedded' : 'external'} database)`);
await database.close();
