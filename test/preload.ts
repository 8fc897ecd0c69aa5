// Tests never print the seeded password or request logs.
process.env.LOG_LEVEL = 'silent'
