import { api, unwrap } from '../api';
import { Loading, Section } from '../components';
import { usePoll } from '../use-poll';

/** The tenant configuration the server runs with, read-only (it comes from falconet.toml). */
export function SystemConfiguration() {
  const { data, error } = usePoll(() => unwrap(api.GET('/rest/v1/system/configs')), []);
  if (!data) return <Loading error={error} />;
  const rows = Object.entries(data).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <h1>System configuration</h1>
      <Section title="Tenant configuration">
        <p class="muted">Read-only here: the server takes these values from its configuration file (README &ldquo;Configuration&rdquo;).</p>
        <div class="table-scroll">
          <table aria-label="System configuration">
            <tbody>
              {rows.map(([key, entry]) => (
                <tr key={key}>
                  <th scope="row">{key}</th>
                  <td>{String(entry.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
