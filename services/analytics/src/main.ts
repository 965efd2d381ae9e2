import { clickhouseEngine } from '@limo/engine-clickhouse';
import { kafkaEngine } from '@limo/engine-kafka';
import { mongoEngine } from '@limo/engine-mongo';
import { redisEngine } from '@limo/engine-redis';
import { smtpEngine } from '@limo/engine-smtp';
import { runStandalone, serviceEntry } from '@limo/platform';
import { analyticsService } from './app.js';

// Distributed profile: the service alone, on the engines whose URLs are set (each one's adapters passed here).
await runStandalone(serviceEntry(analyticsService), { ...clickhouseEngine, ...kafkaEngine, ...mongoEngine, ...redisEngine, ...smtpEngine });
