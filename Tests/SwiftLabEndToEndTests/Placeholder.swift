// Placeholder so the target builds before its issue lands; delete it with the first real test.
