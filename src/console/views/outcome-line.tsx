import { api, fiqlValue, unwrap, type Schemas } from '../api';
import { Link } from '../components';
import { actionsWhere, targetsWhere } from './progress-bar';
import { controllerIdOf, OPEN_ACTIONS_LOOKED_AT, outcomeOf, type Outcome } from './rollout-outcome';

type Rollout = Schemas['Rollout'];

/** The rollout's outcome: one call for its open actions and one for their targets, none when nothing is open. */
export async function loadOutcome(rollout: Rollout, overdueAfter: number): Promise<Outcome> {
  if (rollout.totalTargetsPerStatus.running === 0) return outcomeOf(rollout, [], Date.now(), overdueAfter);
  const actions = await unwrap(
    api.GET('/rest/v1/actions', { params: { query: { q: `rollout.id==${rollout.id};status==pending`, sort: 'id:ASC', limit: OPEN_ACTIONS_LOOKED_AT } } }),
  );
  const ids = actions.content.map(controllerIdOf);
  const targets =
    ids.length === 0
      ? []
      : (await unwrap(api.GET('/rest/v1/targets', { params: { query: { q: `controllerId=in=(${ids.map(fiqlValue).join(',')})`, limit: ids.length } } })))
          .content;
  const lastPoll = new Map(targets.map((target) => [target.controllerId, target.lastControllerRequestAt]));
  const open = actions.content.map((action) => ({ action, lastPollAt: lastPoll.get(controllerIdOf(action)) ?? undefined }));
  return outcomeOf(rollout, open, Date.now(), overdueAfter);
}

/** "43 of 50 updated · 5 failed · 2 never reported (overdue)", each part a link to the devices it counts. */
export function OutcomeLine({ rollout, outcome }: { rollout: Rollout; outcome: Outcome }) {
  const scope = `rollout.id==${rollout.id}`;
  const overdue = outcome.silent.filter((target) => target.overdue).length;
  const silentIds = outcome.silent.map((target) => fiqlValue(target.controllerId)).join(',');
  const parts: [string, number, string][] = [
    ['failed', outcome.failed, actionsWhere(`${scope};detailStatus==error`)],
    ['still running', outcome.running, actionsWhere(`${scope};status==pending`)],
    [
      `never reported${overdue === 0 ? '' : overdue === outcome.silent.length ? ' (overdue)' : ` (${overdue} overdue)`}`,
      outcome.silent.length,
      targetsWhere(`controllerId=in=(${silentIds})`),
    ],
    ['not started', outcome.waiting, `/rollouts/${rollout.id}`],
    ['cancelled', outcome.cancelled, actionsWhere(`${scope};detailStatus==canceled`)],
  ];
  return (
    <p class="outcome" data-outcome={rollout.id}>
      <Link to={actionsWhere(`${scope};detailStatus==finished`)}>{`${outcome.updated} of ${outcome.total} updated`}</Link>
      {parts
        .filter(([, count]) => count > 0)
        .map(([label, count, to]) => (
          <span key={label}>
            {' · '}
            <Link to={to}>{`${count} ${label}`}</Link>
          </span>
        ))}
    </p>
  );
}
