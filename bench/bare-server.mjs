// The yardstick: a bare Fastify route answering a small JSON object, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, user: { id: 1, email: 'bench@splashboard.local' } }));
// PORT=0 (or none): a port the OS chooses, printed with the ready line.
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`bare server ready at ${url}`);
