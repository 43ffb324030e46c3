/**
 * An error's text as a person should read it: the core's errors name the function that threw for programmers
 * (`pruneMessages: maxTurns must be…`, `loadModelPrices(): …`); on the page that name says nothing, so it goes.
 */
export function peopleText(message: string): string {
  const text = message.replace(/^(?:[a-z][A-Za-z0-9]*(?:\.[a-zA-Z0-9]+)*(?:\(\))?: )+/, '');
  return text.length > 0 ? `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}` : message;
}
