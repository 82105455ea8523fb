export const DOMAIN_PLACEHOLDER = true;
