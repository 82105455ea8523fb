/// <reference types="vite/client" />

/** The console's package version, set at build time. */
declare const __APP_VERSION__: string;
