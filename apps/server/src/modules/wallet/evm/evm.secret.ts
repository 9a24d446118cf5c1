import { inspect } from "node:util";

const REDACTED = "[secret]";

/**
 * Key material that must never reach a log, an error or an answer. Printing, logging or
 * serialising it shows "[secret]"; only `reveal()` gives the value, at the one place that signs.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
