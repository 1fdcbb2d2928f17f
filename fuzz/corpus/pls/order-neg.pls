order -5
