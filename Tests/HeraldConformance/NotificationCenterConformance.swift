import Herald
