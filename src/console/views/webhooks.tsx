import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, formatTime, Link, Loading, Time } from '../components';
import { PagedList } from '../paged-list';
import { usePoll } from '../use-poll';

type Delivery = Schemas['WebhookDelivery'];

const loadWebhooks = (query: PageQuery) => unwrap(api.GET('/rest/v1/webhooks', { params: { query: listQuery(query, 'name:ASC') } }));

/** The subscriptions, each opening its delivery log; read-only (decisions 150–153). */
export function Webhooks() {
  return (
    <PagedList<Schemas['Webhook']>
      title="Webhooks"
      empty="Webhook subscriptions appear here; create one with POST /rest/v1/webhooks."
      load={loadWebhooks}
      searchExample="enabled==true"
      textSearch={{ fields: ['name', 'url'], label: 'Name or URL contains' }}
      rowKey={(webhook) => webhook.id}
      columns={[
        { title: 'Name', sort: 'name', cell: (webhook) => <Link to={`/webhooks/${webhook.id}`}>{webhook.name}</Link> },
        { title: 'URL', sort: 'url', cell: (webhook) => <code>{webhook.url}</code> },
        { title: 'Events', cell: (webhook) => webhook.eventTypes.join(', ') || '—' },
        { title: 'State', cell: (webhook) => <Badge value={webhook.enabled ? 'enabled' : 'disabled'} /> },
        {
          title: 'Deliveries',
          cell: (webhook) => (
            <>
              <Link to={`/webhooks/${webhook.id}?q=${encodeURIComponent('status==pending')}`} label={`Pending deliveries of ${webhook.name}`}>
                pending
              </Link>{' '}
              ·{' '}
              <Link to={`/webhooks/${webhook.id}?q=${encodeURIComponent('status==dead')}`} label={`Dead deliveries of ${webhook.name}`}>
                dead
              </Link>
            </>
          ),
        },
      ]}
    />
  );
}

/** One subscription's delivery log, newest first. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const webhook = usePoll(() => unwrap(api.GET('/rest/v1/webhooks/{webhookId}', { params: { path: { webhookId } } })), [webhookId]);
  const load = (query: PageQuery) =>
    unwrap(api.GET('/rest/v1/webhooks/{webhookId}/deliveries', { params: { path: { webhookId }, query: listQuery(query, 'id:DESC') } }));
  if (!webhook.data) return <Loading error={webhook.error} />;
  return (
    <PagedList<Delivery>
      title={`Deliveries of ${webhook.data.name}`}
      empty="Deliveries appear here once an event the subscription names happens."
      load={load}
      searchExample="status==dead"
      rowKey={(delivery) => delivery.id}
      columns={[
        { title: 'ID', sort: 'id', cell: (delivery) => delivery.id },
        { title: 'Created', sort: 'createdAt', cell: (delivery) => <Time at={delivery.createdAt} /> },
        { title: 'Event', cell: (delivery) => delivery.eventType },
        { title: 'Status', sort: 'status', cell: (delivery) => <Badge value={delivery.status} /> },
        { title: 'Attempts', cell: (delivery) => delivery.attempts },
        { title: 'Last answer', cell: lastAnswer },
        { title: 'Next attempt', cell: (delivery) => (delivery.status === 'pending' ? formatTime(delivery.nextAttemptAt) : '—') },
        { title: 'Delivered', cell: (delivery) => <Time at={delivery.deliveredAt} /> },
        {
          title: 'Payload',
          cell: (delivery) => (
            <details>
              <summary>
                <code>{delivery.messageId}</code>
              </summary>
              <pre class="json">{JSON.stringify(delivery.payload, null, 2)}</pre>
            </details>
          ),
        },
      ]}
    >
      <p>
        <Link to="/webhooks">All webhooks</Link> · <code>{webhook.data.url}</code>
      </p>
    </PagedList>
  );
}

const lastAnswer = (delivery: Delivery) => delivery.lastResponseCode ?? delivery.lastError ?? '—';
