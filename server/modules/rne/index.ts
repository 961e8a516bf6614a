/** What the RNE module offers the other modules (they import it only through this file): nothing yet; it subscribes to the feeds (./feed-hooks.ts). */
export {};
