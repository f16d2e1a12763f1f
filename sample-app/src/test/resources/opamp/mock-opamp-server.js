'use strict';
// Starts @elastic/mockopampserver (HTTP transport, remote config, test mode) on 127.0.0.1 and the
// given port, and beside it a small read-only HTTP endpoint, GET /agents, that summarises what the
// server saw of each agent (from the server's own testGetRequests()) as JSON, for OpampIT.
// Remote config is set through the server's own test API, POST /api/agentConfigMap.
// Usage: node mock-opamp-server.js <folder holding node_modules> <port>
// Prints "OPAMP <endpoint>" and "CONTROL <port>" once both listen.
const path = require('path');
const http = require('http');

const [moduleDir, port] = process.argv.slice(2);
const {MockOpAMPServer} = require(path.join(moduleDir, 'node_modules', '@elastic', 'mockopampserver'));

function attributes(list) {
    const read = {};
    for (const kv of list || []) {
        const value = kv.value && kv.value.value ? kv.value.value.value : undefined;
        read[kv.key] = typeof value === 'bigint' ? Number(value) : value;
    }
    return read;
}

function hex(bytes) {
    return bytes ? Buffer.from(bytes).toString('hex') : '';
}

function agents(server) {
    const seen = {};
    for (const request of server.testGetRequests()) {
        const a2s = request.a2s;
        if (!a2s || !a2s.instanceUid) {
            continue;
        }
        const agent = (seen[hex(a2s.instanceUid)] ??= {requests: 0});
        agent.requests++;
        if (a2s.agentDescription) {
            agent.identifying = attributes(a2s.agentDescription.identifyingAttributes);
            agent.nonIdentifying = attributes(a2s.agentDescription.nonIdentifyingAttributes);
        }
        const effective = a2s.effectiveConfig && a2s.effectiveConfig.configMap
            && a2s.effectiveConfig.configMap.configMap && a2s.effectiveConfig.configMap.configMap.lens;
        if (effective) {
            agent.effectiveConfig = Buffer.from(effective.body).toString('utf8');
        }
        if (a2s.remoteConfigStatus) {
            agent.remoteConfigStatus = {
                status: Number(a2s.remoteConfigStatus.status),
                errorMessage: a2s.remoteConfigStatus.errorMessage,
                hash: hex(a2s.remoteConfigStatus.lastRemoteConfigHash),
            };
        }
    }
    return seen;
}

async function main() {
    const server = new MockOpAMPServer({hostname: '127.0.0.1', port: Number(port), testMode: true, logLevel: 'warn'});
    // Node.js closes a connection idle for 5 s; the JDK's HttpClient (OpampIT's, and the fault
    // proxy's in front of the ranks) may take that connection from its pool just as it closes, and
    // never sends a POST again by itself. Kept open instead, for as long as this process lives.
    server._server.keepAliveTimeout = 0;
    await server.start();
    const control = http.createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/agents') {
            res.writeHead(404);
            res.end();
            return;
        }
        res.writeHead(200, {'content-type': 'application/json'});
        res.end(JSON.stringify(agents(server)));
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
