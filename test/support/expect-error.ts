import { expect } from 'vitest';
import type { ExceptionInfo } from '../../src/http/error-status.js';

/**
 * Asserts hawkBit's error answer: the status (the body is the assertion's message) and the `errorCode`.
 * @returns the error body, for further checks of its message or info
 */
export async function expectError(response: Response, status: number, errorCode: string): Promise<ExceptionInfo> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as ExceptionInfo;
  expect(body.errorCode).toBe(errorCode);
  return body;
}
