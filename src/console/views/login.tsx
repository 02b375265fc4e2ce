import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, errorMessage, unwrap } from '../api';
import { duration } from '../time';
import { ErrorNote } from '../components';

/** A refused login after too many failures (429 with Retry-After): when it may try again. */
function lockedOut(failure: unknown): string | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 429 || failure.retryAfterSeconds === undefined) return undefined;
  const at = new Date(Date.now() + failure.retryAfterSeconds * 1000).toLocaleTimeString();
  return `Too many failed logins. Try again in ${duration(failure.retryAfterSeconds)}, at ${at}.`;
}

/** The operator login (POST /rest/v1/login sets the session cookie). */
export function Login({ notice, onLogin }: { notice: string | undefined; onLogin: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Log in · Falconet';
  }, []);

  const submit = async (form: HTMLFormElement) => {
    const fields = new FormData(form);
    setBusy(true);
    try {
      await unwrap(api.POST('/rest/v1/login', { body: { username: fields.get('username') as string, password: fields.get('password') as string } }));
      onLogin();
    } catch (failure) {
      setError(lockedOut(failure) ?? errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <main class="login">
      <form
        class="card"
        aria-label="Log in"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event.currentTarget);
        }}
      >
        <h1>Falconet</h1>
        {notice !== undefined && <p class="notice">{notice}</p>}
        <label>
          Username
          <input name="username" autocomplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autocomplete="current-password" required />
        </label>
        <ErrorNote message={error} />
        <button type="submit" disabled={busy}>
          Log in
        </button>
      </form>
    </main>
  );
}
