import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { checkPollingOverrides } from './polling-overrides.js';

describe('checkPollingOverrides', () => {
  it.each(['group==eu*', 'attribute.hw==rev2;tag=in=(slow,lab)', 'type.key==sensor,targettype.name==Sensor', 'name==a*;createdat=gt=0'])(
    'accepts %s',
    (query) => {
      expect(() => checkPollingOverrides([{ query, interval: '00:02:00' }])).not.toThrow();
    },
  );

  it.each(['updatestatus==error', 'assignedds.name==x', 'lastcontrollerrequestat=gt=0', 'metadata.k==v', 'address==1.2.3.4', 'nosuchfield==1', 'name==('])(
    'refuses %s with a ConfigError naming the key and the entry',
    (query) => {
      const overrides = [
        { query: 'name==a*', interval: '00:02:00' },
        { query, interval: '00:02:00' },
      ];
      expect(() => checkPollingOverrides(overrides)).toThrow(ConfigError);
      expect(() => checkPollingOverrides(overrides)).toThrow(`configuration key 'ddi.polling_overrides' entry 2 has an invalid query ${JSON.stringify(query)}`);
    },
  );
});
