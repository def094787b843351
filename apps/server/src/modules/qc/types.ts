import type { z } from 'zod';
import type { controlResultsQuery } from '@lis/domain';

// The qc module's types its repository and its service both name, so the repository never imports the service.

export type ControlResultsQuery = z.output<typeof controlResultsQuery>;
