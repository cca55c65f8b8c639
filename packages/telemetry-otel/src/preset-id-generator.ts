import { type IdGenerator, RandomIdGenerator } from '@opentelemetry/sdk-trace-base';

/**
 * Hands the tracer the ids Arsenal already gave a call, so the exported span has the trace and
 * span id that the call's result, audit record and outgoing `traceparent` carry. Ids not preset
 * are random, as usual.
 */
export class PresetIdGenerator implements IdGenerator {
  readonly #random = new RandomIdGenerator();
  #traceId: string | undefined;
  #spanId: string | undefined;

  /** Use these ids for the next span started; call `clear()` right after starting it. */
  preset(traceId: string | undefined, spanId: string | undefined): void {
    this.#traceId = traceId;
    this.#spanId = spanId;
  }

  clear(): void {
    this.#traceId = undefined;
    this.#spanId = undefined;
  }

  generateTraceId(): string {
    return this.#traceId ?? this.#random.generateTraceId();
  }

  generateSpanId(): string {
    return this.#spanId ?? this.#random.generateSpanId();
  }
}
