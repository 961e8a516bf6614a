/** The whole database schema, one file per module (CONVENTIONS.md section 2). */
export * from './admins';
export * from './sessions';
export * from './mfa';
export * from './customers';
export * from './update-log';
export * from './groups';
export * from './jobs';
export * from './news';
export * from './register';
export * from './feeds';
export * from './deals';
export * from './rne';
export * from './audit';
export * from './api';
