// Phone reveal (docs/requirements/vehicle-browsing.md#states): masked after its first five characters until clicked.

const PHONE_VISIBLE_CHARACTERS = 5;

/** '07 3123 4567' -> '07 31XX XXXX'. Spaces stay so the grouping still reads; unmasked sites get the number as is. */
export function maskedPhone(phone: string, settings: { phoneMasked?: boolean } = {}, revealed = false): string {
  if (settings.phoneMasked === false || revealed) return phone;
  const head = phone.slice(0, PHONE_VISIBLE_CHARACTERS);
  const tail = phone.slice(PHONE_VISIBLE_CHARACTERS).replace(/[^\s]/g, 'X');
  return head + tail;
}
