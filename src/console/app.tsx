import { useEffect, useRef, useState } from 'preact/hooks';
import { api, onSessionExpired } from './api';
import { Link } from './components';
import { navigate, useRoute } from './router';
import { Actions, DistributionSets, Tags, TargetFilters } from './views/catalogue';
import { Dashboard } from './views/dashboard';
import { Login } from './views/login';
import { RolloutDetail } from './views/rollout-detail';
import { Rollouts } from './views/rollouts';
import { SoftwareModules } from './views/software-modules';
import { TargetDetail } from './views/target-detail';
import { Targets } from './views/targets';

type Session = 'checking' | 'in' | 'out';

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
    if (session === 'checking') void api.GET('/rest/v1/session').then(({ response }) => enter(response.ok ? 'in' : 'out'));
    // only a session in use can end: a refresh answered after logout changes nothing
    return onSessionExpired(() => {
      if (current.current !== 'in') return;
      setNotice('Your session has ended. Please log in again.');
      enter('out');
    });
  }, []);

  if (session === 'checking') return null;
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

function Shell({ onLogout }: { onLogout: () => Promise<void> }) {
  const route = useRoute();
  const section = `/${route.split('/')[1] ?? ''}`;
  return (
    <>
      <header class="top">
        <span class="brand">Falconet</span>
        <nav aria-label="Views">
          {NAVIGATION.map(([path, label]) => (
            <Link key={path} to={path} current={section === path}>
              {label}
            </Link>
          ))}
        </nav>
        <button type="button" class="logout" onClick={() => void onLogout()}>
          Log out
        </button>
      </header>
      <main id="main">
        <View route={route} />
      </main>
    </>
  );
}

function View({ route }: { route: string }) {
  const [, section, id] = route.split('/');
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
      return id ? <RolloutDetail key={id} rolloutId={Number(id)} /> : <Rollouts />;
    case 'actions':
      return <Actions />;
    default:
      return <h1>Not found</h1>;
  }
}
