/** The console is the public OAuth client `vigia-web` (its own module: no schema comes with it). */
export const WEB_CLIENT_ID = 'vigia-web';
