/**
 * `npm run admin:password -- EMAIL`: resets an administrator's password to a new random one, prints
 * it once, and revokes the administrator's sessions (a locked-out team's way back in).
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). Exit codes: 0 ok, 1 unknown
 * email or bad usage. With PGlite, the server must be stopped first (one process owns the data dir).
 */
import { eq } from 'drizzle-orm';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { admins } from '../db/schema';
import { revokeSessions } from '../http/session';
import { hashPassword, randomPassword } from '../lib/password';
import { printCrashesSafely, printErr, printOut } from '../lib/log-safe';
import { findAdminByEmail } from '../modules/admins/service';

// A failed query is reported without its bound values (the new hash, the email).
printCrashesSafely('admin:password\u00a0: échec.');

const email = process.argv[2];
if (!email) {
  printErr('Usage\u00a0: npm run admin:password -- EMAIL\n');
  process.exit(1);
}
const ctx = await createContext(loadConfig());
try {
  const admin = await findAdminByEmail(ctx.db, email);
  if (!admin) {
    printErr(`Aucun administrateur avec l’email ${email}.\n`);
    process.exitCode = 1;
  } else {
    const password = randomPassword();
    await ctx.db.update(admins).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(admins.id, admin.id));
    await revokeSessions(ctx.db, admin.id);
    printOut(`Nouveau mot de passe de ${admin.email}\u00a0: ${password}\n`);
  }
} finally {
  await ctx.database.close();
}
