import { useState } from 'preact/hooks';
import { api, errorMessage, unwrap } from '../api';
import { ErrorNote } from '../components';

/** The operator login (POST /rest/v1/login sets the session cookie). */
export function Login({ notice, onLogin }: { notice: string | undefined; onLogin: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (form: HTMLFormElement) => {
    const fields = new FormData(form);
    setBusy(true);
    try {
      await unwrap(api.POST('/rest/v1/login', { body: { username: fields.get('username') as string, password: fields.get('password') as string } }));
      onLogin();
    } catch (failure) {
      setError(errorMessage(failure));
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
