import { useEffect, useRef, useState } from 'preact/hooks';
import { api, onSessionExpired } from './api';
import { FreshnessNote, Link } from './components';
import { navigate, useRoute } from './router';
import { useFreshness } from './freshness';
import { AuditLog } from './views/audit-log';
import { Actions, DistributionSets, Tags, TargetFilters } from './views/catalogue';
import { Dashboard } from './views/dashboard';
import { Login } from './views/login';
import { DeployGroupTargets, RolloutDetail } from './views/rollout-detail';
import { Rollouts } from './views/rollouts';
import { SoftwareModules } from './views/software-modules';
import { TargetDetail } from './views/target-detail';
import { SystemConfiguration } from './views/system';
import { Targets } from './views/targets';
import { WebhookDeliveries, Webhooks } from './views/webhooks';

type Session = 'checking' | 'unreachable' | 'in' | 'out';

// How soon a session check that got no answer is tried again.
const SESSION_RETRY_MS = 2000;

// Remembers that this browser logged in, so that a first visit shows the login page without asking
// /rest/v1/session for a 401 (which the browser would log as an error). The cookie itself is HttpOnly.
const LOGGED_IN = 'falconet.loggedIn';
const remember = (loggedIn: boolean) => (loggedIn ? localStorage.setItem(LOGGED_IN, '1') : localStorage.removeItem(LOGGED_IN));

const NAVIGATION: readonly [string, string][] = [
  ['/', 'Dashboard'],
  ['/targets', 'Targets'],
  ['/targetfilters', 'Target filters'],
  ['/tags', 'Tags'],
  ['/distributionsets', 'Distribution sets'],
  ['/softwaremodules', 'Software modules'],
  ['/rollouts', 'Rollouts'],
  ['/actions', 'Actions'],
  ['/webhooks', 'Webhooks'],
  ['/auditlog', 'Audit log'],
  ['/system', 'System'],
];

/** The console: the login page until the session cookie works, then the views. */
export function App() {
  const [session, setSession] = useState<Session>(() => (localStorage.getItem(LOGGED_IN) ? 'checking' : 'out'));
  const [notice, setNotice] = useState<string>();
  const current = useRef(session);
  const enter = (next: Session) => {
    remember(next === 'in');
    current.current = next;
    setSession(next);
  };

  useEffect(() => {
    let retry: number | undefined;
    // without an answer the session is unknown, not ended: say so and ask again
    const check = () =>
      api.GET('/rest/v1/session').then(({ response }) => {
        if (response.ok || response.status === 401) enter(response.ok ? 'in' : 'out');
        else unanswered();
      }, unanswered);
    const unanswered = () => {
      current.current = 'unreachable';
      setSession('unreachable');
      retry = window.setTimeout(() => void check(), SESSION_RETRY_MS);
    };
    if (session === 'checking') void check();
    // only a session in use can end: a refresh answered after logout changes nothing
    const stop = onSessionExpired(() => {
      if (current.current !== 'in') return;
      setNotice('Your session has ended. Please log in again.');
      enter('out');
    });
    return () => {
      window.clearTimeout(retry);
      stop();
    };
  }, []);

  if (session === 'checking') return null;
  if (session === 'unreachable') {
    return (
      <main class="login">
        <p class="card stale" role="status">
          Cannot reach the server; trying again…
        </p>
      </main>
    );
  }
  if (session === 'out') return <Login notice={notice} onLogin={() => enter('in')} />;
  return (
    <Shell
      onLogout={async () => {
        await api.POST('/rest/v1/logout');
        enter('out');
        setNotice('You are logged out.');
        navigate('/');
      }}
    />
  );
}

/** The document title of a route: its view, and the entity it shows ("Target gw-1 · Falconet"). */
function titleOf(path: string): string {
  const [, section = '', id, part] = path.split('/');
  const view = NAVIGATION.find(([to]) => to === `/${section}`)?.[1] ?? 'Not found';
  const names: Record<string, string> = { targets: 'Target', rollouts: 'Rollout', webhooks: 'Webhook' };
  const name = id ? `${names[section] ?? view} ${decodeURIComponent(id)}${part === 'groups' ? ', deploy group' : ''}` : view;
  return `${name === 'System' ? 'System configuration' : name} · Falconet`;
}

function Shell({ onLogout }: { onLogout: () => Promise<void> }) {
  const { path } = useRoute();
  const freshness = useFreshness();
  const section = `/${path.split('/')[1] ?? ''}`;
  useEffect(() => {
    document.title = titleOf(path);
  }, [path]);
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Falconet</span>
        <nav aria-label="Views">
          {NAVIGATION.map(([path, label]) => (
            <Link key={path} to={path} current={section === path}>
              {label}
            </Link>
          ))}
          {/* a page of its own, not a console view: the browser loads it */}
          <a href="/ui/api-reference/">API reference</a>
        </nav>
        <button type="button" class="logout" onClick={() => void onLogout()}>
          Log out
        </button>
      </header>
      <main id="main" tabIndex={-1} class={freshness.silentSince === undefined ? undefined : 'stale'}>
        <FreshnessNote {...freshness} />
        <View path={path} />
      </main>
    </>
  );
}

function View({ path }: { path: string }) {
  const [, section, id, part, partId] = path.split('/');
  switch (section) {
    case '':
      return <Dashboard />;
    case 'targets':
      return id ? <TargetDetail key={id} controllerId={decodeURIComponent(id)} /> : <Targets />;
    case 'targetfilters':
      return <TargetFilters />;
    case 'tags':
      return <Tags />;
    case 'distributionsets':
      return <DistributionSets />;
    case 'softwaremodules':
      return <SoftwareModules />;
    case 'rollouts':
      if (id && part === 'groups' && partId) return <DeployGroupTargets key={path} rolloutId={Number(id)} groupId={Number(partId)} />;
      return id ? <RolloutDetail key={id} rolloutId={Number(id)} /> : <Rollouts />;
    case 'actions':
      return <Actions />;
    case 'webhooks':
      return id ? <WebhookDeliveries key={id} webhookId={Number(id)} /> : <Webhooks />;
    case 'auditlog':
      return <AuditLog />;
    case 'system':
      return <SystemConfiguration />;
    default:
      return <h1>Not found</h1>;
  }
}
