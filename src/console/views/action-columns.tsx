import type { Schemas } from '../api';
import { Badge, type Column, Link, Time } from '../components';
import { controllerIdOf } from './rollout-outcome';

type Action = Schemas['Action'];

export const ACTION_COLUMNS: readonly Column<Action>[] = [
  { title: 'Action', sort: 'id', cell: (action) => `#${action.id}` },
  {
    title: 'Target',
    cell: (action) => <Link to={`/targets/${encodeURIComponent(controllerIdOf(action))}`}>{controllerIdOf(action)}</Link>,
  },
  { title: 'Status', sort: 'status', cell: (action) => <Badge value={action.detailStatus} /> },
  { title: 'Type', cell: (action) => action.type },
  { title: 'Set', cell: (action) => action._links['distributionset']?.name ?? action.distributionSetId ?? '—' },
  {
    title: 'Rollout',
    cell: (action) => (action.rollout === undefined ? '—' : <Link to={`/rollouts/${action.rollout}`}>{action.rolloutName ?? String(action.rollout)}</Link>),
  },
  { title: 'Changed', sort: 'lastModifiedAt', cell: (action) => <Time at={action.lastModifiedAt} /> },
];
