import { describe, expect, it } from 'vitest';
import { DomainError, ErrorCode } from '../errors.js';
import { combineModules, type DistributionSetTypeRules } from './module-type-rules.js';

const OS = { typeId: 1, key: 'os', mandatory: true, maxAssignments: 1 };
const APP = { typeId: 2, key: 'application', mandatory: false, maxAssignments: 3 };
const OS_APP: DistributionSetTypeRules = { id: 10, key: 'os_app', slots: [OS, APP] };
const os = (id: number) => ({ id, typeId: 1, typeKey: 'os' });
const app = (id: number) => ({ id, typeId: 2, typeKey: 'application' });
const runtime = (id: number) => ({ id, typeId: 3, typeKey: 'runtime' });

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : error;
  }
  return undefined;
};

describe('combineModules', () => {
  it('adds modules of admitted types, keeping each module once', () => {
    expect(combineModules(OS_APP, [], [os(1), app(2), app(2)], false)).toEqual([os(1), app(2)]);
    expect(combineModules(OS_APP, [os(1), app(2)], [app(2), app(3)], true)).toEqual([os(1), app(2), app(3)]);
  });

  it('refuses a module whose type the set type does not admit', () => {
    expect(failure(() => combineModules(OS_APP, [], [os(1), runtime(2)], false))).toBe(ErrorCode.distributionSetModuleUnsupported);
  });

  it('refuses more modules of a type than its maxAssignments when creating', () => {
    expect(failure(() => combineModules(OS_APP, [], [os(1), os(2)], false))).toBe(ErrorCode.constraintViolation);
    expect(failure(() => combineModules(OS_APP, [], [app(1), app(2), app(3), app(4)], false))).toBe(ErrorCode.constraintViolation);
  });

  it('replaces the module of a single-module type when adding, as hawkBit does', () => {
    expect(combineModules(OS_APP, [os(1), app(2)], [os(5)], true)).toEqual([app(2), os(5)]);
    expect(failure(() => combineModules(OS_APP, [os(1)], [os(5)], false))).toBe(ErrorCode.constraintViolation);
  });

  it('still refuses two modules of a single-module type in one addition, and overfull multi-module types', () => {
    expect(failure(() => combineModules(OS_APP, [os(1)], [os(5), os(6)], true))).toBe(ErrorCode.constraintViolation);
    expect(failure(() => combineModules(OS_APP, [app(1), app(2), app(3)], [app(4)], true))).toBe(ErrorCode.constraintViolation);
  });
});
