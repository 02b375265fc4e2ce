/** The part of Dredd 14's JavaScript API and hooks that the contract run uses (Dredd ships no types). */
declare module 'dredd' {
  import type { EventEmitter } from 'node:events';

  export interface DreddRequest {
    method: string;
    uri: string;
    headers: Record<string, string>;
    body: string;
    bodyEncoding?: 'utf-8' | 'base64';
  }

  export interface DreddTransaction {
    /** `METHOD (status) uri`, the title of its test */
    readonly id: string;
    /** `{path template} > {summary} > {status}[ > {media type}]` */
    readonly name: string;
    fullPath: string;
    request: DreddRequest;
    expected: { statusCode: string; headers: Record<string, string>; body?: string; bodySchema?: unknown };
    real?: { statusCode: number; headers: Record<string, string>; body?: string; bodyEncoding?: string };
    skip: boolean;
    fail: boolean | string;
  }

  export interface DreddTest {
    readonly title: string;
    readonly status: 'pass' | 'fail' | 'skip';
    readonly message?: string;
  }

  type Hook = (transaction: DreddTransaction, done: () => void) => void;
  export interface DreddHooks {
    beforeEach(hook: Hook): void;
    afterEach(hook: Hook): void;
  }

  export interface DreddStats {
    tests: number;
    failures: number;
    errors: number;
    passes: number;
    skipped: number;
  }

  export default class Dredd {
    constructor(configuration: {
      endpoint: string;
      path: string[];
      apiDescriptions: { location: string; content: string }[];
      hookfiles: string[];
      emitter: EventEmitter;
      reporter: string[];
      loglevel: string;
    });
    run(callback: (error: Error | null | undefined, stats: DreddStats) => void): void;
  }
}
