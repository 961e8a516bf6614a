/**
 * Browser entry point: gives the page being opened a head start (`startEarly`: its
 * chunks, the session probe and its first queries) with a small amount of code, then loads the app
 * itself (`main.tsx`: antd, the providers, the router), which finds that work under way.
 */
import { startEarly } from './app/earlyStart';

startEarly(window.location);
void import('./main');
