// What the checkout and the profile use of libphonenumber-js, in a module of its own: the lazy chunk then holds
// this function and the metadata, not the whole library (phone-numbers.ts loads it).
export { parsePhoneNumberFromString } from 'libphonenumber-js';
