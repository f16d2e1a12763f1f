'use strict';
// The OpAMP server of the fleet's OpAMP part (FleetOpampBenchmark): @elastic/mockopampserver
// (OpAMP's HTTP transport, remote configuration) on 127.0.0.1, and beside it a small control
// endpoint for the harness:
//   GET  /stats   {"requests": <OpAMP POSTs answered so far>, "agents": <distinct agents active>}
//   POST /config  the body becomes the config map's "lens" entry (text/x-java-properties);
//                 an empty body withdraws it (an empty config map)
// The server counts here, not in a forwarder in front of it: a forwarder would add a hop to every
// poll, and the figure wanted is what the server is asked. Test mode is off: it keeps every request
// in memory, which at 64 ranks a second grows the heap the server's CPU figure would then include.
// Usage: node opamp-server.js <folder holding node_modules>
// Prints "OPAMP <endpoint>" and "CONTROL <port>" once both listen.
const path = require('path');
const http = require('http');

const [moduleDir] = process.argv.slice(2);
const {MockOpAMPServer} = require(path.join(moduleDir, 'node_modules', '@elastic', 'mockopampserver'));

async function main() {
    const server = new MockOpAMPServer({hostname: '127.0.0.1', port: 0, logLevel: 'warn'});
    // The server's own http.Server and its active-agent cache are private fields of 0.5.0, the
    // version the harness pins: a listener of its own counts each request as it comes in, before
    // the server's handler, whatever the handler answers.
    let requests = 0;
    server._server.on('request', (req) => {
        if (req.method === 'POST' && req.url.startsWith('/v1/opamp')) {
            requests++;
        }
    });
    await server.start();
    const control = http.createServer((req, res) => {
        if (req.method === 'GET' && req.url === '/stats') {
            res.writeHead(200, {'content-type': 'application/json'});
            res.end(JSON.stringify({requests, agents: server._activeAgents.size}));
            return;
        }
        if (req.method === 'POST' && req.url === '/config') {
            const chunks = [];
            req.on('data', (chunk) => chunks.push(chunk));
            req.on('end', () => {
                const body = Buffer.concat(chunks);
                const configMap = {};
                if (body.length > 0) {
                    configMap.lens = {body, contentType: 'text/x-java-properties'};
                }
                server.setAgentConfigMap({configMap});
                res.writeHead(204);
                res.end();
            });
            return;
        }
        res.writeHead(404);
        res.end();
    });
    control.listen(0, '127.0.0.1', () => {
        console.log('OPAMP ' + server.endpoint);
        console.log('CONTROL ' + control.address().port);
    });
}

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
