/* eslint-disable @typescript-eslint/no-require-imports -- the OpenAI instrumentation patches `require`, so this script is CommonJS */
// Regenerate: npm install --prefix /tmp/otelgen openai @opentelemetry/instrumentation-openai @opentelemetry/instrumentation @opentelemetry/sdk-trace-base @opentelemetry/sdk-logs @opentelemetry/api @opentelemetry/api-logs @opentelemetry/otlp-transformer @opentelemetry/context-async-hooks @opentelemetry/resources
// then NODE_PATH=/tmp/otelgen/node_modules node scripts/make-otel-genai-fixtures.cjs fixtures/otel-genai-openai-js (writes .traces.json and .logs.json;
// the .jsonl fixture is the two, one a line, as a Collector file exporter shared by both pipelines writes them;
// only the .logs.json and the .jsonl are kept).
// Runs an OpenAI chat-completions tool loop through the official OpenTelemetry OpenAI instrumentation, against a
// scripted fetch, and writes what an OTLP/JSON exporter would send: the spans (usage, no content) and the log events
// (GenAI per-message events with content).
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { LoggerProvider, InMemoryLogRecordExporter, SimpleLogRecordProcessor } = require('@opentelemetry/sdk-logs');
const { JsonTraceSerializer, JsonLogsSerializer } = require('@opentelemetry/otlp-transformer');
const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const api = require('@opentelemetry/api');
const fs = require('node:fs');

api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const resource = resourceFromAttributes({ 'service.name': 'weather-agent' });
const spans = new InMemorySpanExporter();
const logs = new InMemoryLogRecordExporter();
const tracerProvider = new BasicTracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor(spans)] });
const loggerProvider = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter: logs })] });
require('@opentelemetry/api-logs').logs.setGlobalLoggerProvider(loggerProvider);
registerInstrumentations({ instrumentations: [new OpenAIInstrumentation({ captureMessageContent: true })], tracerProvider, loggerProvider });
const { OpenAI } = require('openai');

let n = 0;
const completion = (message, finish, usage) => ({
  id: `chatcmpl-fixture${++n}`, object: 'chat.completion', created: 1764100000 + n, model: 'gpt-4o-2024-08-06', system_fingerprint: 'fp_fixture',
  choices: [{ index: 0, message: { role: 'assistant', refusal: null, annotations: [], ...message }, logprobs: null, finish_reason: finish }],
  usage: { prompt_tokens: usage[0], completion_tokens: usage[1], total_tokens: usage[0] + usage[1], prompt_tokens_details: { cached_tokens: usage[2], audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 } },
});
const call = (id, name, args) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
const answers = [
  completion({ content: null, tool_calls: [call('call_Kp2Qy8dN3m', 'get_weather', { city: 'Paris' }), call('call_Lr7Tz1aB9x', 'get_weather', { city: 'Rome' })] }, 'tool_calls', [182, 51, 0]),
  completion({ content: 'Paris: 14 °C and rain. Rome: 22 °C and sunny, so pack an umbrella for Paris only.' }, 'stop', [281, 27, 0]),
  completion({ content: null, tool_calls: [call('call_Mx4Wv6cE2q', 'get_forecast', { city: 'Rome', days: 3 })] }, 'tool_calls', [332, 24, 256]),
  completion({ content: 'Rome stays dry: 23 °C tomorrow, 24 °C on Friday, a shower possible on Saturday evening.' }, 'stop', [463, 31, 256]),
];
const fetch = async () => new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'content-type': 'application/json' } });
const client = new OpenAI({ apiKey: 'sk-fixture', baseURL: 'https://api.openai.com/v1', fetch });

const tools = [
  { type: 'function', function: { name: 'get_weather', description: 'Current weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  { type: 'function', function: { name: 'get_forecast', description: 'Forecast of a city', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } } },
];
const WEATHER = { Paris: { temp_c: 14, sky: 'rain', wind_kmh: 19 }, Rome: { temp_c: 22, sky: 'sunny', wind_kmh: 7 } };
const run = (name, args) => (name === 'get_weather' ? JSON.stringify(WEATHER[args.city]) : JSON.stringify({ city: args.city, days: [{ day: 'Thu', temp_c: 23, rain_mm: 0 }, { day: 'Fri', temp_c: 24, rain_mm: 0 }, { day: 'Sat', temp_c: 21, rain_mm: 3.5 }] }));

async function turn(messages) {
  for (;;) {
    const response = await client.chat.completions.create({ model: 'gpt-4o', messages, tools });
    const message = response.choices[0].message;
    messages.push({ role: 'assistant', content: message.content, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) });
    if (!message.tool_calls) return;
    for (const c of message.tool_calls) messages.push({ role: 'tool', tool_call_id: c.id, content: run(c.function.name, JSON.parse(c.function.arguments)) });
  }
}

(async () => {
  const tracer = tracerProvider.getTracer('weather-agent');
  await tracer.startActiveSpan('invoke_agent weather_agent', { attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'weather_agent' } }, async (agent) => {
    const messages = [{ role: 'system', content: 'You are a travel weather assistant. Use the tools; answer in one or two sentences.' }, { role: 'user', content: 'What is the weather in Paris and Rome right now?' }];
    await turn(messages);
    messages.push({ role: 'user', content: 'And the next three days in Rome?' });
    await turn(messages);
    agent.end();
  });
  await loggerProvider.forceFlush();
  const out = process.argv[2];
  fs.writeFileSync(`${out}.traces.json`, Buffer.from(JsonTraceSerializer.serializeRequest(spans.getFinishedSpans())));
  fs.writeFileSync(`${out}.logs.json`, Buffer.from(JsonLogsSerializer.serializeRequest(logs.getFinishedLogRecords())));
  console.log('spans', spans.getFinishedSpans().length, 'logs', logs.getFinishedLogRecords().length);
})();
