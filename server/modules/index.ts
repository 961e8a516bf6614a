/**
 * The server's module registry: every module, in mount order. `server/app.ts` mounts
 * each under its prefix and `GET /api/dashboard/stats` answers the counters of those that have one. A new
 * module adds its `module.ts` and one line here. The registry also hands a module what another one adds to it
 * without the two importing each other: the company register's lookup gets the feeds' BODACC mentions.
 */
import { adminsModule } from './admins/module';
import { auditModule } from './audit/module';
import { authModule } from './auth/module';
import { customersModule } from './customers/module';
import { dashboardModule } from './dashboard/module';
import { dealsModule } from './deals/module';
import { bodaccMention } from './feeds';
import { feedsModule } from './feeds/module';
import { groupsModule } from './groups/module';
import { jobsModule } from './jobs/module';
import { howsModule, newsModule } from './news/module';
import type { ServerModule } from './module';
import { avatarFilesModule, profileModule } from './profile/module';
import { companiesModule } from './register/module';
import { feedPushModule, rneModule } from './rne/module';
import { updateLogModule } from './update-log/module';

/** Every server module, in the order they are mounted. */
export const serverModules: readonly ServerModule[] = [
  authModule,
  dashboardModule,
  profileModule,
  adminsModule,
  customersModule,
  updateLogModule,
  groupsModule,
  newsModule,
  howsModule,
  feedsModule,
  rneModule,
  feedPushModule,
  companiesModule(bodaccMention),
  dealsModule,
  jobsModule,
  auditModule,
  avatarFilesModule,
];
