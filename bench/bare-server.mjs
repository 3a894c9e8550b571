// The yardstick: a bare Fastify route answering a small JSON object, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, user: { id: 1, email: 'bench@splashboard.local' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare server ready');
